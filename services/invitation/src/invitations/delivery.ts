import type { ChannelResult } from '@listready/contracts';

/**
 * Runs one channel's send with a time limit and turns any failure into `{success:false, error}`:
 * a channel never fails the request, and the invitation is already committed when it runs.
 * The engine's own call may still finish later; its outcome is then ignored.
 */
export async function tryChannel(send: () => Promise<unknown>, timeoutMs: number): Promise<ChannelResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([send(), timeout]);
    return { success: true, error: null };
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
