import { z } from 'zod';
import { i18n } from '../../../lib/i18n';
import { describeImageProblem } from './upload-image';

/**
 * A chosen file as a form value: `required` refuses none; a chosen one must pass describeImageProblem.
 * Lets a form library show the file's message beside its field like any other. Kept apart from
 * upload-image.ts, which the home page loads (the auth provider uploads sign-up photos): full zod belongs to
 * the forms' lazy chunks, not to the first paint.
 */
export function imageFileSchema({ required }: { required: boolean }) {
  return z
    .custom<File | null>((value) => value === null || value instanceof File, { error: () => i18n.t('Please select an image') })
    .superRefine((file, ctx) => {
      if (!file && !required) return;
      const problem = describeImageProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
