import { provideAddToBag, useAppDispatch } from '@shop/platform';
import { useEffect } from 'react';
import { addLine } from './cart-actions';

/**
 * Answers `addToBag` from @shop/platform (ADR 0013) while the component using it is mounted: the
 * add runs through this remote's queue and slice, and the drawer opens once the bag has it.
 */
export function useAddToBagProvider() {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      provideAddToBag(async (request) => {
        const result = await dispatch(addLine(request, { openDrawer: true }));
        if (result.ok) return result;
        const { code, message, correlationId } = result.error;
        return { ok: false, error: { code, message, correlationId } };
      }),
    [dispatch],
  );
}
