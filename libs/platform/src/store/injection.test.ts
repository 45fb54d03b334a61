import { createSlice } from '@reduxjs/toolkit';
import { api } from './api';
import { createAppStore } from './create-store';
import { rootReducer } from './root-reducer';

describe('one store, extended by remotes at run time', () => {
  it('takes a slice injected after the store was created', () => {
    const store = createAppStore();
    const shimmers = createSlice({
      name: 'shimmers',
      initialState: { visible: false },
      reducers: { shimmerShown: (state) => ({ ...state, visible: true }) },
    });
    const injected = rootReducer.inject(shimmers);
    expect(injected(undefined, { type: '@@init' })).toHaveProperty('shimmers', { visible: false });
    store.dispatch(shimmers.actions.shimmerShown());
    expect((store.getState() as unknown as { shimmers: { visible: boolean } }).shimmers).toEqual({ visible: true });
  });

  it('runs endpoints injected into the one API slice against /api', async () => {
    const fetchMock = jest.fn(async (_input: Request) => Response.json({ ok: true }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const store = createAppStore();
    const extended = api.injectEndpoints({
      endpoints: (build) => ({ ping: build.query<{ ok: boolean }, void>({ query: () => '/ping' }) }),
    });
    const result = await store.dispatch(extended.endpoints.ping.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(new URL(fetchMock.mock.calls[0][0].url).pathname).toBe('/api/ping');
  });
});
