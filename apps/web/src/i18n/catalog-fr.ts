// Every text of one language, in one chunk, loaded when the language is chosen (i18n.ts).
const parts = import.meta.glob<Record<string, string>>('./messages/fr/*.json', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(parts)) as Record<string, string>;
