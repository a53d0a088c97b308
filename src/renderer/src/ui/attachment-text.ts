// What happens to an attachment, said the same way in the Inspector, the run
// bar, the drop overlay and the evidence (issue 22, item 7): the desktop app
// stages a dropped file's contents; the browser host knows its name and size
// only, so a run started there leaves it out, and says so before launch.

/** Under the drop zone: what a run does with the files dropped here. */
export function attachmentsHint(canRead: boolean): string {
  return canRead
    ? 'Staged with the run: each file’s contents are copied for the agent (recognised secrets hidden), like a selected file.'
    : 'The browser host knows each dropped file’s name and size only: a run started here does not send their contents. To send a file from here, copy it into the repository and tick it in the tree.';
}

/** The run bar's line before launch when some attachments will not be sent. */
export function unsentAttachmentsText(names: readonly string[]): string {
  const list = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  return `${names.length === 1 ? '1 attachment is' : `${names.length} attachments are`} not sent with this run (${list}): the browser host cannot read a dropped file’s contents. The run records ${names.length === 1 ? 'it' : 'them'} as left out; to send ${names.length === 1 ? 'it' : 'them'}, copy ${names.length === 1 ? 'it' : 'them'} into the repository and tick ${names.length === 1 ? 'it' : 'them'} in the tree.`;
}
