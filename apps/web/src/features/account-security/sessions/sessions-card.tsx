import { DesktopOutlined, LaptopOutlined, LogoutOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MySession, SessionDevice } from '@portal/shared/api/sessions';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { AccentTag } from '../../../components/accent-tag';
import { Card } from '../../../components/card';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import { mySessionsQuery, useRevokeOtherSessions, useRevokeSession } from '../account-security-api';
import { useOfferRecentPasskeyRemoval } from '../passkeys/recent-passkeys';
import styles from './sessions-card.module.css';

const DEVICE_ICONS: Record<SessionDevice['type'], ReactNode> = {
  desktop: <DesktopOutlined />,
  mobile: <MobileOutlined />,
  tablet: <TabletOutlined />,
  other: <LaptopOutlined />,
};

/** "Chrome 126 on Windows 10", or whichever of the two the client told, or "Unknown device". */
export function deviceName(t: TFunction, { browser, os }: SessionDevice): string {
  if (browser && os) return t('sessions.deviceOn', { browser, os });
  return browser ?? os ?? t('sessions.unknownDevice');
}

function placeOf(t: TFunction, session: MySession): string {
  if (session.place === 'local') return t('sessions.localNetwork');
  return session.ip ? t('sessions.network', { network: session.ip }) : t('sessions.unknownPlace');
}

/** How many sessions a page brings ("Show more" brings the next): an afternoon of sign-ins must not
 *  bury the page, nor ten thousand sessions load at once. */
export const SESSIONS_SHOWN = 10;

/** This device first, then the others in the server's order (newest sign-in first), so that a page
 *  loaded later only adds below what is on screen. */
function thisDeviceFirst(a: MySession, b: MySession): number {
  return Number(b.current) - Number(a.current);
}

/** One session: what device, from where, since when; the way to end it unless it is this one. */
function SessionItem({ session, onSignOut }: { session: MySession; onSignOut(): void }) {
  const { t } = useTranslation();
  const name = deviceName(t, session.device);
  return (
    <li className={styles.item}>
      <span className={styles.icon} role="img" aria-label={t(`sessions.types.${session.device.type}`)}>
        {DEVICE_ICONS[session.device.type]}
      </span>
      <div className={styles.body}>
        <p className={styles.device}>
          <span>{name}</span>
          {session.current ? <AccentTag>{t('sessions.thisDevice')}</AccentTag> : null}
        </p>
        <ul className={styles.details}>
          <li title={t('sessions.placeHint')}>{t('sessions.place', { place: placeOf(t, session) })}</li>
          <li>{t('sessions.signedInAt', { time: formatDate(session.createdAt) })}</li>
          <li>{t('sessions.lastActiveAt', { time: formatDate(session.lastSeenAt) })}</li>
        </ul>
      </div>
      {session.current ? null : (
        <div className={styles.action}>
          <Button
            icon={<LogoutOutlined aria-hidden="true" />}
            onClick={onSignOut}
            aria-label={t('sessions.signOutLabel', { device: name })}
          >
            {t('sessions.signOut')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * "My sessions" in the personal centre: the live sessions of the person with their device, place,
 * sign-in time and last activity, this one first and marked, ten at a time (the server's cursor
 * brings the next ten when asked); any other can be signed out, or all of them.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const sessions = useInfiniteQuery(mySessionsQuery(SESSIONS_SHOWN));
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const offerRecentPasskeyRemoval = useOfferRecentPasskeyRemoval();
  const pages = sessions.data?.pages ?? [];
  const shown = pages.flatMap((page) => page.items).toSorted(thisDeviceFirst);
  // the total of the latest page: sessions opened or ended since the first one count as they are now
  const total = pages.at(-1)?.total ?? 0;
  const others = Math.max(0, total - 1);

  function confirmSignOut(session: MySession) {
    const device = deviceName(t, session.device);
    modal.confirm({
      title: t('sessions.signOutTitle'),
      content: t('sessions.signOutDescription', { device }),
      okText: t('sessions.signOut'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        new Promise<void>((settled) =>
          revoke.mutate(
            { body: { id: session.id } },
            { onSuccess: () => message.success(t('sessions.signedOut')), onSettled: () => settled() },
          ),
        ),
    });
  }

  function confirmSignOutOthers() {
    modal.confirm({
      title: t('sessions.signOutOthersTitle'),
      content: t('sessions.signOutOthersDescription'),
      okText: t('sessions.signOutOthers'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        new Promise<void>((settled) =>
          revokeOthers.mutate(
            { body: undefined },
            {
              onSuccess: ({ revoked, recentPasskeys }) => {
                message.success(t('sessions.signedOutOthers', { count: revoked }));
                offerRecentPasskeyRemoval(recentPasskeys);
              },
              onSettled: () => settled(),
            },
          ),
        ),
    });
  }

  let content: ReactNode;
  if (sessions.isPending) {
    content = (
      <div className={styles.state} aria-busy="true">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (sessions.isError) {
    content = (
      <div className={styles.state}>
        <Alert
          type="error"
          showIcon
          title={t('sessions.loadFailed')}
          action={
            <Button size="small" onClick={() => void sessions.refetch()}>
              {t('sessions.retry')}
            </Button>
          }
        />
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.list}>
          {shown.map((session) => (
            <SessionItem key={session.id} session={session} onSignOut={() => confirmSignOut(session)} />
          ))}
        </ul>
        {sessions.hasNextPage ? (
          <Button
            type="link"
            className={styles.showAll}
            loading={sessions.isFetchingNextPage}
            onClick={() => void sessions.fetchNextPage()}
          >
            {t('sessions.showMore', { count: Math.max(0, total - shown.length) })}
          </Button>
        ) : null}
        {others === 0 ? <p className={styles.empty}>{t('sessions.empty')}</p> : null}
      </>
    );
  }

  return (
    <Card aria-labelledby="personal-sessions">
      <div className={styles.header}>
        <div className={styles.heading}>
          <h2 id="personal-sessions" className={styles.title}>
            {t('sessions.title')}
          </h2>
          <p className={styles.hint}>{t('sessions.hint')}</p>
        </div>
        {others > 0 ? (
          <Button icon={<LogoutOutlined aria-hidden="true" />} onClick={confirmSignOutOthers}>
            {t('sessions.signOutOthers')}
          </Button>
        ) : null}
      </div>
      {content}
    </Card>
  );
}
