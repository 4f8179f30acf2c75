import { IdcardOutlined, LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { useFeedback } from '../../components/feedback';
import { PageHeading } from '../../components/page-heading';
import { UnprovenTag } from '../../components/unproven-tag';
import { PasskeysCard } from '../account-security/passkeys/passkeys-card';
import { SessionsCard } from '../account-security/sessions/sessions-card';
import { TwoStepCard } from '../account-security/two-step/two-step-card';
import { useCurrentUser } from './current-user';
import { IdentifierChangeModal } from './identifier-change-modal';
import { NameModal } from './name-modal';
import { PasswordModal } from './password-modal';
import { allowModifyPasswordQuery } from './personal-api';
import styles from './personal-page.module.css';

type Editor = 'name' | 'phone' | 'email' | 'password';

interface DetailRowProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  /** The action's visible word ("Change") and its full name ("Change email") for assistive technology. */
  action?: { text: string; label: string; onClick(): void };
}

function DetailRow({ icon, label, value, action }: DetailRowProps) {
  return (
    <div className={styles.row}>
      <dt className={styles.label}>
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className={styles.value}>{value}</dd>
      {action ? (
        <dd className={styles.action}>
          <Button onClick={action.onClick} aria-label={action.label}>
            {action.text}
          </Button>
        </dd>
      ) : null}
    </div>
  );
}

/** The signed-in person's details, each with the form that changes it (docs/personal-centre.md#the-page). */
export function PersonalPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useCurrentUser();
  const [editing, setEditing] = useState<Editor | null>(null);
  // Hidden until the server says yes, so that a section the user may not use never flashes up.
  const passwordAllowed = useQuery(allowModifyPasswordQuery()).data?.allowed ?? false;

  const close = () => setEditing(null);

  /** After a change (the server's view of the user is fetched again): the success toast. */
  function saved(kind: 'change' | 'bind') {
    setEditing(null);
    message.success(t(kind === 'bind' ? 'common.saveSuccess' : 'common.changeSuccess'));
  }

  if (!user) {
    return (
      <div className={styles.page} aria-busy="true">
        <PageHeading title={t('personal.title')} />
        <Card as="div">
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }

  const notBound = <span className={styles.empty}>{t('personal.notBound')}</span>;
  const editAction = (editor: Editor, bound: boolean, change: string, bind: string) => ({
    text: bound ? t('personal.change') : t('personal.bind'),
    label: bound ? change : bind,
    onClick: () => setEditing(editor),
  });
  // an unproven phone or email signs in to nothing: its action proves it first
  const phoneUnproven = user.phone !== null && !user.phoneCertified;
  const emailUnproven = user.email !== null && !user.emailVerified;
  const proveAction = (editor: 'phone' | 'email', label: string) => ({
    text: t('personal.prove'),
    label,
    onClick: () => setEditing(editor),
  });
  const withProof = (value: string | null, unproven: boolean) =>
    value === null ? (
      notBound
    ) : unproven ? (
      <span className={styles.withTag}>
        {value}
        <UnprovenTag />
      </span>
    ) : (
      value
    );

  return (
    <div className={styles.page}>
      <PageHeading className={styles.intro} title={t('personal.title')} subtitle={t('personal.subtitle')} />

      <Card aria-labelledby="personal-profile">
        <h2 id="personal-profile" className={styles.sectionTitle}>
          {t('personal.profile')}
        </h2>
        <div className={styles.identity}>
          <Avatar size={56} icon={<UserOutlined />} className={styles.avatar} />
          <div className={styles.identityText}>
            <p className={styles.displayName}>{user.nickname}</p>
            {user.account ? <p className={styles.accountLine}>{user.account}</p> : null}
          </div>
        </div>
        <dl className={styles.list}>
          <DetailRow
            icon={<UserOutlined />}
            label={t('personal.name')}
            value={user.nickname}
            action={editAction('name', true, t('personal.changeName'), t('personal.changeName'))}
          />
          <DetailRow
            icon={<IdcardOutlined />}
            label={t('personal.account')}
            value={user.account ?? <span className={styles.empty}>{t('personal.notSet')}</span>}
          />
        </dl>
      </Card>

      <Card aria-labelledby="personal-security">
        <h2 id="personal-security" className={styles.sectionTitle}>
          {t('personal.security')}
        </h2>
        <dl className={styles.list}>
          <DetailRow
            icon={<MobileOutlined />}
            label={t('personal.phone')}
            value={withProof(user.phone, phoneUnproven)}
            action={
              phoneUnproven
                ? proveAction('phone', t('personal.provePhone'))
                : editAction('phone', user.phone !== null, t('personal.changePhone'), t('personal.bindPhone'))
            }
          />
          <DetailRow
            icon={<MailOutlined />}
            label={t('personal.email')}
            value={withProof(user.email, emailUnproven)}
            action={
              emailUnproven
                ? proveAction('email', t('personal.proveEmail'))
                : editAction('email', user.email !== null, t('personal.changeEmail'), t('personal.bindEmail'))
            }
          />
          {passwordAllowed ? (
            <DetailRow
              icon={<LockOutlined />}
              label={t('personal.password')}
              value={t('personal.passwordSet')}
              action={editAction('password', true, t('personal.changePassword'), t('personal.changePassword'))}
            />
          ) : null}
        </dl>
      </Card>

      <TwoStepCard />

      <SessionsCard />

      <PasskeysCard />

      <NameModal open={editing === 'name'} nickname={user.nickname} onClose={close} onSaved={() => saved('change')} />
      <IdentifierChangeModal
        identifier="phone"
        open={editing === 'phone'}
        current={user.phone}
        proving={phoneUnproven}
        onClose={close}
        onSaved={() => saved(user.phone ? 'change' : 'bind')}
      />
      <IdentifierChangeModal
        identifier="email"
        open={editing === 'email'}
        current={user.email}
        proving={emailUnproven}
        onClose={close}
        onSaved={() => saved(user.email ? 'change' : 'bind')}
      />
      {passwordAllowed ? (
        <PasswordModal open={editing === 'password'} onClose={close} onSaved={() => saved('change')} />
      ) : null}
    </div>
  );
}
