/** Offers text as a file to download ('takings.csv'). */
export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers the file as a download ('appointment.ics'). */
export const downloadIcs = (name: string, ics: string) => downloadText(name, ics, 'text/calendar');
