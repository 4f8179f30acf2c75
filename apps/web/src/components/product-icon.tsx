import {
  AppstoreOutlined,
  CalculatorOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  LineChartOutlined,
  RocketOutlined,
  SettingOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { type ProductCode, isProductCode } from '@portal/shared/products';

const ICONS: Record<ProductCode, ComponentType> = {
  esguard: ThunderboltOutlined,
  mgguard: ClusterOutlined,
  seop: LineChartOutlined,
  'saas-dragon-boat': RocketOutlined,
  settcntr: SettingOutlined,
  'saas-es-actuary': CalculatorOutlined,
  esark: DatabaseOutlined,
};

export function ProductIcon({ code }: { code: string }) {
  // A product added on the server before the web app knows it still gets an icon.
  const Icon = isProductCode(code) ? ICONS[code] : AppstoreOutlined;
  return <Icon />;
}
