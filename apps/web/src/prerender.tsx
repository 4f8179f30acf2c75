import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/es/utils';
import { Button, ConfigProvider, Form, Input, Segmented, Select, Tabs } from 'antd';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { Language, ThemeMode } from '@portal/shared/constants';
import { routes } from './app/router';
import { i18n, i18nReady } from './lib/i18n';
import { themeConfig } from './lib/theme';
import { THEME_VARIABLES_CSS } from './lib/theme-variables';
import { PortalApp, routeLoaded } from './prerender-tree';
import { usePreferences } from './stores/preferences-store';

/** A screen drawn at build: its markup, antd's styles for it, and what <html> and <head> carry. */
export interface PrerenderedScreen {
  markup: string;
  /** antd's styles of the screen and its icons', as plain CSS (no <style> tags). */
  antdCss: string;
  /** The app's CSS variables of the theme, which the browser sets on <html> when React runs. */
  variablesCss: string;
  title: string;
}

/**
 * antd's variables for the touch sizes the app picks below antd's md breakpoint (768 px), for the
 * antd controls of the screens before sign-in, under the same key as the screen's own: the screen
 * is drawn at desktop sizes (the server knows no width), and these take over on a phone.
 */
async function touchAntdCss(mode: ThemeMode, cssVarKey: string): Promise<string> {
  const cache = createCache();
  await prerender(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={{ ...themeConfig(mode, true), cssVar: { key: cssVarKey } }}>
        <Button />
        <Select />
        <Form>
          <Form.Item label="-">
            <Input />
          </Form.Item>
        </Form>
        <Tabs items={[{ key: '-', label: '-' }]} />
        <Segmented options={['-']} />
      </ConfigProvider>
    </StyleProvider>,
  );
  return `@media (max-width:767.98px){${extractStyle(cache, { plain: true, types: ['token', 'cssVar'] })}}`;
}

/** Draws one route, as the browser's first render draws it, in a language and a theme. */
export async function prerenderScreen(path: string, lang: Language, mode: ThemeMode): Promise<PrerenderedScreen> {
  await i18nReady;
  await i18n.changeLanguage(lang);
  // zustand renders a server's (and a hydration's) pass from the store's initial state
  Object.assign(usePreferences.getInitialState(), { mode });
  usePreferences.setState({ mode });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routeLoaded(router);
  const cache = createCache();
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <PortalApp router={router} />
    </StyleProvider>,
    // one piece: no boundary may be sent apart, with the inline script that reveals it, which the
    // page's policy (scripts from files only) refuses
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude as ReadableStream<Uint8Array>).text();
  router.dispose();
  // a screen drawn without antd's components (the sign-in screen) has no antd theme and no antd styles
  const cssVarKey = /\b(css-var-[\w-]+)/.exec(markup.replaceAll('css-var-root', ''))?.[1];
  return {
    markup,
    // the icons' own rules, which their runtime adds only once React runs
    antdCss:
      iconStyles + (cssVarKey ? extractStyle(cache, { plain: true }) + (await touchAntdCss(mode, cssVarKey)) : ''),
    variablesCss: THEME_VARIABLES_CSS[mode],
    title: i18n.t('common.platformTitle'),
  };
}
