/** The small answers that only confirm what happened, in words (and the row they touched). */
import { z } from 'zod';

/** E.g. POST /api/auth/logout, POST /api/reviews. */
export const messageAnswerSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** E.g. DELETE /api/services/{id}, POST /api/email/send: the message and the id of the row. */
export const messageWithIdSchema = z
  .object({ message: z.string(), id: z.number().int() })
  .meta({ id: 'MessageWithId' });
export type MessageWithId = z.infer<typeof messageWithIdSchema>;
