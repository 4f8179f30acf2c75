import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SavePersonalizationRequest, savePersonalizationRequestSchema } from '@portal/shared/api/settings';
import { COMPANY_FIELD_MAX, LANGUAGES } from '@portal/shared/constants';
import { Card } from '../../../components/card';
import { useFeedback } from '../../../components/feedback';
import { useFieldErrors } from '../../../lib/field-errors';
import { schemaRule } from '../../../lib/form-rule';
import { LANGUAGE_NAMES } from '../../../lib/language';
import { brandingQuery, useSavePersonalization } from '../settings-api';
import styles from './branding.module.css';
import { IconUpload } from './icon-upload';

const rules = savePersonalizationRequestSchema.shape;
const LANGUAGE_OPTIONS = LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }));
/** Shows the count against the limit without cutting the text, so that the rule can say what is wrong. */
const COUNT = { show: true, max: COMPANY_FIELD_MAX };

/** The company's platform names, language and icon: what its members see as page title and favicon. */
export function BrandingTab() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data: config } = useQuery(brandingQuery());
  const save = useSavePersonalization();
  const [form] = Form.useForm<SavePersonalizationRequest>();
  const underFields = useFieldErrors(form);

  function submit(body: SavePersonalizationRequest) {
    save.mutate(
      { body, options: { onError: underFields() } },
      { onSuccess: () => message.success(t('common.saveSuccess')) },
    );
  }

  if (!config) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <div className={styles.grid}>
      <Card padding="md" aria-labelledby="branding-names">
        <h2 id="branding-names" className={styles.cardTitle}>
          {t('settings.branding.namesTitle')}
        </h2>
        <Form<SavePersonalizationRequest>
          form={form}
          layout="vertical"
          initialValues={{
            platformName: config.platformName,
            platformNameCn: config.platformNameCn,
            platformNameEn: config.platformNameEn,
            languageType: config.languageType,
          }}
          onFinish={submit}
        >
          <Form.Item
            name="platformName"
            label={t('settings.branding.platformName')}
            extra={t('settings.branding.platformNameHint')}
            rules={[schemaRule(rules.platformName)]}
            required
          >
            <Input count={COUNT} />
          </Form.Item>
          <Form.Item
            name="platformNameCn"
            label={t('settings.branding.platformNameCn')}
            extra={t('settings.branding.platformNameCnHint')}
            rules={[schemaRule(rules.platformNameCn)]}
            required
          >
            <Input count={COUNT} lang="zh-CN" />
          </Form.Item>
          <Form.Item
            name="platformNameEn"
            label={t('settings.branding.platformNameEn')}
            extra={t('settings.branding.platformNameEnHint')}
            rules={[schemaRule(rules.platformNameEn)]}
            required
          >
            <Input count={COUNT} lang="en" />
          </Form.Item>
          <Form.Item
            name="languageType"
            label={t('settings.branding.languageType')}
            extra={t('settings.branding.languageTypeHint')}
          >
            <Select options={LANGUAGE_OPTIONS} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form>
      </Card>
      <Card padding="md" aria-labelledby="branding-icon">
        <h2 id="branding-icon" className={styles.cardTitle}>
          {t('settings.branding.iconTitle')}
        </h2>
        <IconUpload
          icon={config.icon}
          custom={config.customIcon}
          onUploaded={() => message.success(t('settings.branding.iconUploaded'))}
        />
        <h3 className={styles.previewTitle}>{t('settings.branding.preview')}</h3>
        <div
          className={styles.browser}
          role="img"
          aria-label={t('settings.branding.previewLabel', { title: config.slogan })}
        >
          <span className={styles.browserTab}>
            <img src={config.icon} alt="" className={styles.favicon} />
            <span className={styles.browserTitle}>{config.slogan}</span>
          </span>
          <span className={styles.browserBar} />
        </div>
      </Card>
    </div>
  );
}
