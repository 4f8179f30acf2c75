import { Outlet } from 'react-router';
import { AntdTheme } from '../components/antd-theme';

/** The routes drawn with antd, loaded with their first screen (app/router.tsx). */
export function AntdLayout() {
  return (
    <AntdTheme>
      <Outlet />
    </AntdTheme>
  );
}
