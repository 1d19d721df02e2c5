/** AMQP topic matching, so the in-process transport routes exactly as the broker would. */
export function matchesTopicPattern(pattern: string, routingKey: string): boolean {
  return matchWords(words(pattern), 0, words(routingKey), 0);
}

/** Like RabbitMQ, an empty key has no words (so `#` matches it and `*` does not). */
function words(key: string): string[] {
  return key === '' ? [] : key.split('.');
}

function matchWords(pattern: string[], p: number, key: string[], k: number): boolean {
  if (p === pattern.length) return k === key.length;
  const word = pattern[p];
  if (word === '#') {
    // '#' swallows zero or more words: try every possible split point.
    for (let next = k; next <= key.length; next++) {
      if (matchWords(pattern, p + 1, key, next)) return true;
    }
    return false;
  }
  if (k === key.length) return false;
  return (word === '*' || word === key[k]) && matchWords(pattern, p + 1, key, k + 1);
}
