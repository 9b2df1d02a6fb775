import type { Dream } from '@common/schemas/dreams';

/** Where the dream's interpretation card lives on the detail page. */
export function InterpretationSlot({ dream }: { dream: Dream }) {
  void dream;
  return null;
}
