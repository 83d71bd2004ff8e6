type Messages = { [key: string]: string | Messages };

/** Deep merge of message trees: later trees win, missing keys keep the earlier text. */
export function mergeMessages(...trees: object[]): Messages {
  const out: Messages = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree as Messages)) {
      const existing = out[key];
      out[key] =
        value && typeof value === 'object' && existing && typeof existing === 'object'
          ? mergeMessages(existing, value)
          : value && typeof value === 'object'
            ? mergeMessages(value)
            : value;
    }
  }
  return out;
}
