import { popupDismissed, selectActivePopup, useAppDispatch, useAppSelector, usePopupRenderer } from '@shop/platform';
import { Modal } from './modal';

/** Draws the head of the popup queue (SPEC §3): one modal at a time, in the order requested. */
export function PopupHost({ held = false }: { held?: boolean }) {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActivePopup);
  const Renderer = usePopupRenderer(active?.kind);
  if (held || !active || !Renderer) return null;
  const dismiss = () => dispatch(popupDismissed(active.id));
  const label = typeof active.props?.title === 'string' ? active.props.title : 'Message';
  return (
    <Modal key={active.id} label={label} onClose={dismiss}>
      <Renderer request={active} onDismiss={dismiss} />
    </Modal>
  );
}
