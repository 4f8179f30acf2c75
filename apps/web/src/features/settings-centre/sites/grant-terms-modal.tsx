import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SITE_TEMPLATE_KEYS, type SiteRoleTemplate, templateWithin } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { FormModal } from '../../../components/form-modal';
import type { ErrorHandlers } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { fromLocalInput, toLocalInput } from './moments';

interface Values {
  domain: string;
  template: SiteRoleTemplate;
  startsAt?: string;
  endsAt?: string;
  mayShare: boolean;
}

/** What a share asks of the server: the other company, the template, from and until, and share-on. */
export interface GrantTerms {
  domain: string;
  template: SiteRoleTemplate;
  startsAt?: string;
  endsAt: string | null;
  mayShare: boolean;
}

/** The grant a share-on comes from: what it holds is as wide as the new grant may be. */
export interface GrantLimit {
  template: SiteRoleTemplate;
  endsAt: string | null;
  mayShare: boolean;
}

/** Where the server's refusals of a share are said. */
const REFUSALS = {
  [ErrorCode.GrantCompanyUnknown]: 'domain',
  [ErrorCode.GrantHolderRefused]: 'domain',
  [ErrorCode.GrantWider]: 'template',
  [ErrorCode.GrantEndsLater]: 'endsAt',
  [ErrorCode.GrantTimesInvalid]: 'endsAt',
  [ErrorCode.GrantNoShareRight]: 'mayShare',
} as const;

/**
 * The terms of a share with another company, found by its domain: a template, from (empty: now) and
 * until (empty: open), and whether it may share on. Sharing on from a grant held, the choices stop
 * where that grant does: templates within its own, an end not later (required under a grant that
 * ends), share-on only where it may.
 */
export function GrantTermsModal({
  open,
  title,
  okText,
  busy,
  limit,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  okText: string;
  busy: boolean;
  /** Null: the owner shares, as widely as it likes. */
  limit: GrantLimit | null;
  onClose(): void;
  /** `onError` says the server's refusals under their fields. */
  onSubmit(terms: GrantTerms, onError: ErrorHandlers): void;
}) {
  const { t } = useTranslation();
  const templates = limit
    ? SITE_TEMPLATE_KEYS.filter((key) => templateWithin(key, limit.template))
    : SITE_TEMPLATE_KEYS;
  const latest = limit?.endsAt ? toLocalInput(limit.endsAt) : undefined;

  return (
    <FormModal<Values>
      title={title}
      name="grant-terms"
      okText={okText}
      open={open}
      busy={busy}
      initialValues={{ template: templates.includes('technician') ? 'technician' : templates[0], mayShare: false }}
      onClose={onClose}
      onSubmit={(values, underFields) =>
        onSubmit(
          {
            domain: values.domain.trim(),
            template: values.template,
            startsAt: fromLocalInput(values.startsAt),
            endsAt: fromLocalInput(values.endsAt) ?? null,
            mayShare: values.mayShare,
          },
          underFields(REFUSALS),
        )
      }
    >
      <Form.Item
        name="domain"
        label={t('sites.share.domain')}
        extra={t('sites.share.domainHint')}
        rules={[{ required: true, whitespace: true, message: t('sites.share.domainRequired') }]}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={253} />
      </Form.Item>
      <Form.Item name="template" label={t('sites.share.template')} rules={[{ required: true }]}>
        <Select
          options={templates.map((key) => ({
            value: key,
            label: `${t(`sites.templates.${key}`)} · ${t(`sites.templateHints.${key}`)}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="startsAt" label={t('sites.share.startsAt')} extra={t('sites.share.startsAtHint')}>
        <Input type="datetime-local" max={latest} />
      </Form.Item>
      <Form.Item
        name="endsAt"
        label={t('sites.share.endsAt')}
        extra={
          limit?.endsAt ? t('sites.share.endsAtLimit', { time: formatDate(limit.endsAt) }) : t('sites.share.endsAtHint')
        }
        rules={[
          { required: Boolean(latest), message: t('sites.share.endsAtRequired') },
          {
            validator: (_, value?: string) =>
              latest && value && value > latest
                ? Promise.reject(new Error(t('sites.share.endsAtLater')))
                : Promise.resolve(),
          },
        ]}
      >
        <Input type="datetime-local" max={latest} />
      </Form.Item>
      <Form.Item
        name="mayShare"
        valuePropName="checked"
        extra={limit && !limit.mayShare ? t('sites.share.mayShareNotHeld') : t('sites.share.mayShareHint')}
      >
        <Checkbox disabled={limit !== null && !limit.mayShare}>{t('sites.share.mayShare')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
