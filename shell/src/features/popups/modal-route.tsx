import { type Location, useNavigate } from 'react-router-dom';
import { RemotePage } from '../../app/remote-page';
import type { RouteEntry } from '../../app/route-table';
import { Modal } from './modal';

const LABELS: Record<string, string> = {
  login: 'Sign in',
  register: 'Create an account',
  'password-forgot': 'Forgot password',
};

/** Login, register and forgot password opened over the current page (SPEC §2 parallel routes). */
export function ModalRoute({ entry, background }: { entry: RouteEntry; background: Location }) {
  const navigate = useNavigate();
  const close = () => navigate(`${background.pathname}${background.search}${background.hash}`, { replace: false });
  return (
    <Modal label={LABELS[entry.page] ?? entry.page} onClose={close}>
      <RemotePage entry={entry} variant="modal" />
    </Modal>
  );
}
