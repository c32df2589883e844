import { httpUrlSchema } from '../../platform/validation/http-url.ts';
import { text } from '../../platform/validation/text.ts';

/** A webhook receiver address: absolute http(s). Live projects are further restricted at delivery time. */
export const webhookUrlSchema = httpUrlSchema;

/** A project's (or merchant's) name as people see it in the portal: trimmed, 1 to 120 characters. */
export const projectNameSchema = text({ max: 120, min: 1, trim: true });
