import type { TagDescription } from '@reduxjs/toolkit/query/react';
import { baseApi } from './base-api';

/**
 * One way to keep every list on screen true. An optimistic change names the objects it touches
 * by their `{type, id}` tags; every cached query providing one of those tags — a scroll list
 * (`data.pages`), a plain list, a single object, of any endpoint — is patched, and all the
 * patches are undone together if the server refuses. A list added later joins by providing the
 * tags of its items (`providesTags`); no list of endpoints is kept anywhere.
 */

/** What an `onQueryStarted` lifecycle hands over (the parts used here). */
export type CacheLifecycle = { dispatch: (action: unknown) => unknown; getState: () => unknown };
export type Tags = readonly TagDescription<string>[];
/** Changes one cached entry's data in place (an immer draft). */
export type Recipe = (data: unknown) => void;
export type Undo = () => void;

type CachedEntry = { endpointName: string; originalArgs: unknown; queryCacheKey: string };
type PatchCollection = { undo: () => void };

function taggedEntries(state: unknown, tags: Tags): CachedEntry[] {
  return baseApi.util.selectInvalidatedBy(state as never, tags as TagDescription<never>[]);
}

/** Applies `recipe` to every cached query that provides one of `tags`; returns one undo for all. */
export function patchTagged({ dispatch, getState }: CacheLifecycle, tags: Tags, recipe: Recipe): Undo {
  // Data that is not an object (no draft) is handed back unchanged: nothing in it to patch.
  const patch = (data: unknown) => (typeof data === 'object' && data !== null ? recipe(data) : data);
  const patches = taggedEntries(getState(), tags).map(
    ({ endpointName, originalArgs }) =>
      // The endpoint is known only by name here; every endpoint's data is handed to `recipe` as is.
      dispatch(baseApi.util.updateQueryData(endpointName as never, originalArgs as never, patch as never)) as PatchCollection,
  );
  return () => {
    for (const patch of patches.reverse()) patch.undo();
  };
}

/**
 * Patches at once, then waits for the request: the server's answer (`{data}`) when it succeeds,
 * `undefined` (and every patch undone) when it fails.
 */
export async function optimistically<Data>(
  lifecycle: CacheLifecycle & { queryFulfilled: Promise<{ data: Data }> },
  tags: Tags,
  recipe: Recipe,
): Promise<{ data: Data } | undefined> {
  const undo = patchTagged(lifecycle, tags, recipe);
  try {
    return { data: (await lifecycle.queryFulfilled).data };
  } catch {
    undo();
    return undefined;
  }
}

/** The first value `pick` finds in the cached data of the queries providing one of `tags`. */
export function findTagged<T>(state: unknown, tags: Tags, pick: (data: unknown) => T | undefined): T | undefined {
  const queries = (state as Record<string, { queries: Record<string, { data?: unknown } | undefined> }>)[baseApi.reducerPath].queries;
  for (const { queryCacheKey } of taggedEntries(state, tags)) {
    const data = queries[queryCacheKey]?.data;
    const found = data === undefined ? undefined : pick(data);
    if (found !== undefined) return found;
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Visits every object `is` recognises in cached data of any shape: infinite pages, plain lists,
 * items wrapping the object (`{type, post}`), or the object itself. An object found is not
 * searched further.
 */
export function eachObject<T>(data: unknown, is: (value: unknown) => value is T, visit: (found: T) => void): void {
  if (is(data)) {
    visit(data);
  } else if (Array.isArray(data)) {
    for (const item of data) eachObject(item, is, visit);
  } else if (isRecord(data)) {
    for (const value of Object.values(data)) eachObject(value, is, visit);
  }
}

/**
 * Takes out of every list in `data` the items that are, or directly wrap, an object `is` recognises
 * and `matches` selects.
 */
export function removeObjects<T>(data: unknown, is: (value: unknown) => value is T, matches: (found: T) => boolean): void {
  const selected = (value: unknown) => is(value) && matches(value);
  const held = (item: unknown) => selected(item) || (isRecord(item) && !Array.isArray(item) && !is(item) && Object.values(item).some(selected));
  if (Array.isArray(data)) {
    for (let index = data.length - 1; index >= 0; index -= 1) {
      if (held(data[index])) data.splice(index, 1);
      else removeObjects(data[index], is, matches);
    }
  } else if (isRecord(data) && !is(data)) {
    for (const value of Object.values(data)) removeObjects(value, is, matches);
  }
}
