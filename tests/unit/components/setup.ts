import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { consoleQueries } from '../../../client/console/lib/query-client';
import { queryClient } from '../../../client/lib/query-client';
import { apiStub } from './render-app';

// A screen loads its code when the client gets to it (a dynamic import), which the first time in a
// test file takes longer than the default second (over 5 s on 2 cores shared with other runs).
configure({ asyncUtilTimeout: 15_000 });

// Each component test starts from an empty page: nothing rendered, no kept selection or cache,
// and every call the screen made was one the test answered. The test's screens are unmounted,
// their queries stopped, and what they still had under way finishes (apiStub.settled) before the
// answers are reset: a test sees its own calls only, never a call an earlier test's screen made late.
afterEach(async () => {
  cleanup();
  await Promise.all([queryClient.cancelQueries(), consoleQueries.cancelQueries()]);
  queryClient.clear();
  consoleQueries.clear();
  await apiStub.settled();
  const unanswered = apiStub.unanswered.splice(0);
  apiStub.reset();
  sessionStorage.clear();
  localStorage.clear();
  expect(unanswered, 'calls the test did not answer').toEqual([]);
});
