import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from '@/api/api';

type ApiState = { [api.reducerPath]: ReturnType<typeof api.reducer> };

/** A dispatch that also takes RTK Query's thunks, without importing the app store. */
export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<ApiState, unknown, UnknownAction>>();
