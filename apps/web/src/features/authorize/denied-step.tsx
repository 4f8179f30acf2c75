import { ArrowLeftOutlined, BankOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { MessageScreen } from '../../components/message-screen';
import { productName } from './product-name';

type Step = Extract<AuthorizeStep, { step: 'denied' }>;

/**
 * The NoAuth page of a product's sign-in: the company has no right to the product. Going back tells
 * the product `access_denied`; a person with another company that has it may choose that one; anyone
 * may sign in with another account (signed out of the portal, back at this sign-in's first step).
 */
export function DeniedStep({
  step,
  busy,
  onBack,
  onOtherCompany,
  onOtherAccount,
}: {
  step: Step;
  busy: 'back' | 'other' | null;
  onBack: () => void;
  onOtherCompany: () => void;
  onOtherAccount: () => void;
}) {
  const { t } = useTranslation();
  const product = productName(t, step.client);

  return (
    <MessageScreen
      status="403"
      title={t('authorize.denied.title', { product })}
      description={
        <p data-testid="authorize-denied">
          {step.company
            ? t('authorize.denied.description', { company: step.company.name, product })
            : t('authorize.denied.noCompany', { product })}
        </p>
      }
      actions={
        <>
          <Button
            type="primary"
            size="large"
            icon={<ArrowLeftOutlined aria-hidden="true" />}
            onClick={onBack}
            loading={busy === 'back'}
            disabled={busy === 'other'}
          >
            {t('authorize.denied.back', { product })}
          </Button>
          {step.otherCompanies ? (
            <Button
              size="large"
              icon={<BankOutlined aria-hidden="true" />}
              onClick={onOtherCompany}
              loading={busy === 'other'}
              disabled={busy === 'back'}
            >
              {t('authorize.denied.otherCompany')}
            </Button>
          ) : null}
          <Button
            size="large"
            icon={<UserSwitchOutlined aria-hidden="true" />}
            onClick={onOtherAccount}
            disabled={busy !== null}
          >
            {t('authorize.denied.otherAccount')}
          </Button>
        </>
      }
    />
  );
}
