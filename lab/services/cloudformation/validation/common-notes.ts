/** Lab notes that several resource types share, so a deploy prints each once for all of them. */
import type { LabNote } from './property-coverage';

/** `Description`, `AlarmDescription`: text for people. */
export const DESCRIPTION_NOTE: LabNote = {
  en: 'descriptions are text for people; the lab keeps them in the template only',
  ja: '説明文は人が読むための文字列です。ラボはテンプレートの中に残すだけです',
};

/** `Tags` of every type. */
export const TAGS_NOTE: LabNote = {
  en: 'tags are accepted and not applied: nothing in the lab reads them (no cost reports, no tag conditions in IAM)',
  ja: 'タグは受け付けますが付けません。ラボには読むもの（コストレポートや IAM のタグ条件）がないためです',
};
