import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/** `useDispatch` typed for thunks (RTK Query's `util` actions are thunks). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<any, unknown, UnknownAction>>();
