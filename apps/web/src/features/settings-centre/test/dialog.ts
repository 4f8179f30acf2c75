import { screen, waitFor } from '@testing-library/react';

const TITLES = '.ant-modal-title, .ant-modal-confirm-title, .ant-drawer-title';

/**
 * The open dialog (a form, a confirmation or a drawer) with this title. antd's ids are all alike under
 * test, so a dialog's name by `aria-labelledby` may be another element's on a tab with other ids: it is
 * found by its title's text instead.
 */
export function dialogWith(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((dialog) => dialog.querySelector(TITLES)?.textContent === title);
    if (!found) throw new Error(`No dialog titled ${title}`);
    return found;
  });
}
