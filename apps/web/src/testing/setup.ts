import { configure } from '@testing-library/react';

/*
 * How long `findBy…` and `waitFor` wait for what a test awaits (a lazy module, a stubbed fetch, a debounce) before
 * failing. The library's 1 s made each of them a timing assertion on a busy machine; what is awaited either comes
 * or the test is wrong, and 10 s separates the two without failing a slow run.
 */
configure({ asyncUtilTimeout: 10_000 });
