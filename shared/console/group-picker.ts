import * as z from '../zod';

/** The group owner's picker (/group/{id}/, issue 31): heading, text, and each location's place. */
export interface GroupPickerSettings {
  group_id: number;
  version: number;
  heading: string;
  text: string;
  /** every location of the group, in the picker's order */
  locations: { id: number; name: string; hidden: boolean; latitude: number | null; longitude: number | null }[];
}

const coordinate = (max: number, what: string) =>
  z
    .number(`${what} must be a number`)
    .min(-max, `${what} is between -${max} and ${max}`)
    .max(max, `${what} is between -${max} and ${max}`)
    .nullable();

export const groupPickerSchema = z.strictObject({
  heading: z.string().trim().max(80, 'The heading can be at most 80 characters'),
  text: z.string().trim().max(400, 'The text can be at most 400 characters'),
  locations: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        hidden: z.boolean(),
        latitude: coordinate(90, 'Latitude'),
        longitude: coordinate(180, 'Longitude'),
      }),
    )
    .min(1, 'List every location of the group')
    .max(200)
    .refine((l) => new Set(l.map((x) => x.id)).size === l.length, 'A location is listed twice')
    .refine((l) => l.some((x) => !x.hidden), 'Keep at least one location in the picker'),
});
export type GroupPickerSave = z.input<typeof groupPickerSchema>;

export { DEFAULT_PICKER_HEADING } from '../group-picker';
