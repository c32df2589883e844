import { z } from 'zod';

/**
 * The error body every REST route answers with (platform/http/error-body.ts), as a schema: the document shows
 * it as the `Error` component and the response check holds every error answer to it.
 */
export const fieldEntrySchema = z
  .strictObject({
    field: z
      .string()
      .nullable()
      .meta({
        description:
          'JSON path of the offending field in the request, in its REST names (`customer.email_address`, ' +
          '`transactions.0.payment_method`); null for the body itself.',
      }),
    code: z.string().meta({
      description:
        'The kind of problem: `required`, `invalid_type`, `invalid_value`, `invalid_format`, `too_small`, ' +
        '`too_big`, `unknown_field`, `not_accepted`, `invalid_text`, `too_deep`, `invalid`.',
    }),
    message: z.string().meta({ description: 'The problem in words, naming the field.' }),
  })
  .meta({ id: 'FieldProblem', description: 'One problem with one input field.' });

export const errorBodySchema = z
  .strictObject({
    error: z
      .strictObject({
        status: z.int().min(400).max(599).meta({ description: 'The HTTP status, repeated.' }),
        type: z.string().meta({ description: 'A stable, machine-readable code to branch on.' }),
        value: z.string().meta({ description: 'A human message naming every offending field.' }),
        fields: z.array(fieldEntrySchema).optional().meta({
          description: "On a 400 about the request's content: one entry per problem.",
        }),
      })
      .meta({ description: 'What went wrong (spec part 7).' }),
  })
  .meta({
    id: 'Error',
    description:
      'Every error has this body. A refused request changes nothing. `type` is stable; `value` is for people.',
  });

export type ErrorBodyJson = z.output<typeof errorBodySchema>;
