// The one place allowed to use the raw react-redux hooks: everything else uses these typed ones.
// eslint-disable-next-line no-restricted-imports
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from './create-store';
import type { RootState } from './root-reducer';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
