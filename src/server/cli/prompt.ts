/** Small terminal prompts for the admin CLI (hidden input for passwords). */
import readline from 'node:readline';

export async function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await new Promise<string>((resolve) => rl.question(question, resolve))).trim();
  } finally {
    rl.close();
  }
}

/** Reads a line without echoing it (falls back to a plain line when stdin is not a terminal). */
export async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) return ask(question);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
  let prompted = false;
  out._writeToOutput = (s: string) => {
    if (!prompted) {
      out.output.write(s);
      prompted = true;
    }
  };
  try {
    return await new Promise<string>((resolve) => rl.question(question, resolve));
  } finally {
    process.stdout.write('\n');
    rl.close();
  }
}
