import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { apiStub } from './render-app';

// A screen loads its code when the client gets to it (a dynamic import), which the first time in a
// test file takes longer than the default second (over 5 s on 2 cores shared with other runs).
configure({ asyncUtilTimeout: 15_000 });

// Each component test starts from an empty page: nothing rendered, no kept selection or cache,
// and every call the screen made was one the test answered.
afterEach(async () => {
  cleanup();
  const unanswered = apiStub.unanswered.splice(0);
  apiStub.reset();
  sessionStorage.clear();
  localStorage.clear();
  expect(unanswered, 'calls the test did not answer').toEqual([]);
});
