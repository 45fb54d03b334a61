import { createAppStore } from '../store/create-store';
import { popupDismissed, popupEnqueued, selectActivePopup } from './popup-queue-slice';

describe('popup queue', () => {
  it('shows one popup at a time, in the order requested', () => {
    const store = createAppStore();
    store.dispatch(popupEnqueued({ id: 'signup', kind: 'email-signup' }));
    store.dispatch(popupEnqueued({ id: 'loyalty', kind: 'loyalty-confirmation' }));
    store.dispatch(popupEnqueued({ id: 'signup', kind: 'email-signup' }));
    expect(selectActivePopup(store.getState())?.id).toBe('signup');
    store.dispatch(popupDismissed('signup'));
    expect(selectActivePopup(store.getState())?.id).toBe('loyalty');
    store.dispatch(popupDismissed('loyalty'));
    expect(selectActivePopup(store.getState())).toBeUndefined();
  });
});
