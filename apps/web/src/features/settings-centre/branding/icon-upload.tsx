import { UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_WIDTH, IMAGE_TYPES } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { checkImageFile } from '@portal/shared/validation/image';
import { useFeedback } from '../../../components/feedback';
import { refusedFields } from '../../../lib/field-errors';
import { translateKey } from '../../../lib/i18n';
import { useResetIcon, useUploadIcon } from '../settings-api';
import styles from './branding.module.css';

/**
 * Picks and uploads the company icon. The browser refuses what is plainly wrong (type, size) before
 * sending it; the server checks the content again. A native file input behind a button, because
 * antd's Upload wraps its trigger in a second interactive element. The reason for a refusal shows
 * as a form message, in the theme's text-safe error colour. An uploaded icon can be reset to the
 * platform's, after a confirmation.
 */
export function IconUpload({ icon, custom, onUploaded }: { icon: string; custom: boolean; onUploaded(): void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadIcon();
  const reset = useResetIcon();
  const uploading = upload.isPending || reset.isPending;

  function confirmReset() {
    modal.confirm({
      title: t('settings.branding.resetIconTitle'),
      content: t('settings.branding.resetIconDescription'),
      okText: t('settings.branding.resetIcon'),
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        new Promise<void>((settled) =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setProblem(null);
              message.success(t('settings.branding.iconReset'));
            },
            onSettled: () => settled(),
          }),
        ),
    });
  }

  function choose(file: File | undefined) {
    if (!file) return;
    const refused = checkImageFile(file);
    setProblem(refused ? translateKey(refused) : null);
    if (refused) return;
    upload.mutate(
      {
        body: file,
        options: {
          // a file the server found not to be an image by its content says so here, like the browser's check
          onError: {
            [ErrorCode.BadRequest]: (error) => setProblem(refusedFields(error).get('file') ?? error.message),
          },
        },
      },
      { onSuccess: () => onUploaded() },
    );
  }

  return (
    <div className={styles.iconRow}>
      <Spin spinning={uploading}>
        <img className={styles.iconPreview} src={icon} alt={t('settings.branding.currentIcon')} />
      </Spin>
      <Form.Item
        className={styles.iconControls}
        validateStatus={problem ? 'error' : undefined}
        // announced when it appears: nothing else on the page changes after a refusal
        help={problem ? <span role="alert">{problem}</span> : undefined}
        extra={t('settings.branding.iconHint')}
      >
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className={styles.fileInput}
          data-testid="icon-file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // the same file chosen again after a fix elsewhere must fire again
            event.target.value = '';
          }}
        />
        <div className={styles.iconButtons}>
          <Button
            icon={<UploadOutlined aria-hidden="true" />}
            loading={upload.isPending}
            disabled={reset.isPending}
            onClick={() => input.current?.click()}
          >
            {t('settings.branding.upload')}
          </Button>
          {custom ? (
            <Button icon={<UndoOutlined aria-hidden="true" />} disabled={uploading} onClick={confirmReset}>
              {t('settings.branding.resetIcon')}
            </Button>
          ) : null}
        </div>
      </Form.Item>
    </div>
  );
}
