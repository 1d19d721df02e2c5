/**
 * Waits for a broker round trip, but no longer than `ms`: on a socket that died silently a close
 * handshake never completes, and shutdown must not hang on it.
 */
export async function settleWithin(operation: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([operation.then(ignore, ignore), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function ignore(): void {}
