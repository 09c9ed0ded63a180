import type { ReactNode } from 'react';
import type { useIntl } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';

type RichValue = ReactNode | ((chunks: ReactNode[]) => ReactNode);

/**
 * A text with elements in it: `{name}` given as an element, or `<b>…</b>` given as a function of
 * its content. Each element needs its own key (the text comes back as a list of parts).
 */
export function richText(
  intl: ReturnType<typeof useIntl>,
  id: MessageId,
  values: Record<string, RichValue>,
): ReactNode {
  const format = intl.formatMessage as (descriptor: { id: string }, values: unknown) => ReactNode;
  return format({ id }, values);
}
