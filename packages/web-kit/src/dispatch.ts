import { useDispatch } from 'react-redux';
import type { AppDispatch } from './store';

/** `useDispatch` typed for thunks (RTK Query's `util` actions are thunks). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
