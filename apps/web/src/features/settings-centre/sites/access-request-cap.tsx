import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACCESS_REQUEST_CAP_HOURS_MAX,
  ACCESS_REQUEST_CAP_HOURS_MIN,
  type AccessRequestCap,
} from '@portal/shared/api/access-requests';
import { useFeedback } from '../../../components/feedback';
import { accessRequestCapQuery, useSaveAccessRequestCap } from './sites-api';
import styles from './sites.module.css';

/**
 * The company's cap of access on request, in the "Sites" tab beside the requests it bounds
 * (docs/site-grants.md#the-owners-cap): hours, with the days they make when they make whole ones.
 */
export function AccessRequestCapControl() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data } = useQuery(accessRequestCapQuery());
  const save = useSaveAccessRequestCap();
  const [form] = Form.useForm<AccessRequestCap>();
  const hours = Form.useWatch('capHours', form) as number | null | undefined;
  if (!data) return null;

  return (
    <section aria-labelledby="access-request-cap-title" className={styles.cap}>
      <h2 id="access-request-cap-title" className={styles.requestsTitle}>
        {t('sites.cap.title')}
      </h2>
      <p className={styles.capHint}>{t('sites.cap.hint')}</p>
      <Form<AccessRequestCap>
        form={form}
        name="access-request-cap"
        layout="inline"
        className={styles.capForm}
        initialValues={data}
        onFinish={(values) =>
          save.mutate(
            { body: { capHours: values.capHours } },
            { onSuccess: () => message.success(t('sites.cap.saved', { hours: values.capHours })) },
          )
        }
      >
        <Form.Item
          name="capHours"
          label={t('sites.cap.hours')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: ACCESS_REQUEST_CAP_HOURS_MIN,
              max: ACCESS_REQUEST_CAP_HOURS_MAX,
              message: t('validation.accessCapHours'),
            },
          ]}
        >
          <InputNumber min={ACCESS_REQUEST_CAP_HOURS_MIN} max={ACCESS_REQUEST_CAP_HOURS_MAX} precision={0} />
        </Form.Item>
        {typeof hours === 'number' && hours >= 24 && hours % 24 === 0 ? (
          <span className={styles.capDays}>{t('sites.cap.days', { count: hours / 24 })}</span>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('sites.cap.save')}
        </Button>
      </Form>
    </section>
  );
}
