import { useBranding } from '../session/branding';
import { BrandMark } from './brand-mark';

/** The brand mark of the branding in effect: a company's icon and platform title, or the platform's. */
export function BrandedMark({ compact, wrap }: { compact?: boolean; wrap?: boolean }) {
  const personalization = useBranding();
  return <BrandMark compact={compact} wrap={wrap} name={personalization?.slogan} iconUrl={personalization?.icon} />;
}
