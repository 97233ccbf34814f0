/**
 * The answers the server's render of the first screen got (src/shared/first-screen.ts), given to the client's own
 * first calls: the client renders the same screen at once, without asking again. Each answer serves one call, and
 * only in the first seconds after the document arrived; any other call goes to the network.
 */
import {
  answerKey,
  callOf,
  FIRST_SCREEN_ANSWERS_ID,
  responseOf,
  type FirstScreenAnswer,
} from '../../shared/first-screen';

/** As long as the starting screen's calls take; a later call (a refresh) asks the server. */
export const REPLAY_MS = 10_000;

/** The answers the document carries (taken out of it), or undefined when it carries none. */
export function takeDocumentAnswers(): FirstScreenAnswer[] | undefined {
  const element = document.getElementById(FIRST_SCREEN_ANSWERS_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const answers: unknown = JSON.parse(element.textContent ?? '');
    return Array.isArray(answers) ? (answers as FirstScreenAnswer[]) : undefined;
  } catch {
    return undefined;
  }
}

/** `fetcher`, except that a call the server's render made is answered as it was, once, within `REPLAY_MS`. */
export function replayingFetch(
  answers: readonly FirstScreenAnswer[],
  fetcher: typeof fetch,
  now: () => number = Date.now,
): typeof fetch {
  const waiting = new Map<string, FirstScreenAnswer[]>();
  for (const answer of answers) {
    const key = answerKey(answer);
    waiting.set(key, [...(waiting.get(key) ?? []), answer]);
  }
  const until = now() + REPLAY_MS;
  return (input, init) => {
    if (now() < until) {
      const answer = waiting.get(answerKey(callOf(input, init)))?.shift();
      if (answer) return Promise.resolve(responseOf(answer));
    }
    return fetcher(input, init);
  };
}
