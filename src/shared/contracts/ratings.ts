import { z } from 'zod';
import { hasOnlyAllowedChars } from './common.js';

export const RATING_COMMENT_MAX = 1000;

/** The customer's rating of a completed ticket, as every ticket answer carries it (null before). */
export const ratingSchema = z.object({ score: z.number().int(), comment: z.string().nullable() });
export type Rating = z.infer<typeof ratingSchema>;

/** POST /api/tickets/{id}/rating: a score from 1 to 5 and, if the customer likes, a few words. */
export const ratingBodySchema = z.object({
  score: z
    .number({ message: 'Choose a score from 1 to 5' })
    .int('Choose a score from 1 to 5')
    .min(1, 'Choose a score from 1 to 5')
    .max(5, 'Choose a score from 1 to 5'),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, `The comment must be at most ${RATING_COMMENT_MAX} characters`)
    .refine(hasOnlyAllowedChars, 'The comment contains characters that are not allowed')
    .optional()
    .nullable(),
});
export type RatingBody = z.infer<typeof ratingBodySchema>;

/** An engineer's own ratings: the average of every rating of their tickets (null before the first). */
export const engineerRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
