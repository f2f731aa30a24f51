// A cell's note shows beside it while the pointer is on the cell, as in Sheets (the cell has a
// small black corner when it has one).

export function wireNotes(grid: HTMLElement, popup: HTMLElement): void {
  const hide = () => {
    popup.hidden = true;
  };
  grid.addEventListener('mouseover', (event) => {
    const td = (event.target as HTMLElement).closest<HTMLTableCellElement>('td[data-note]');
    if (!td) return hide();
    popup.textContent = td.dataset.note ?? '';
    const box = td.getBoundingClientRect();
    popup.style.left = `${Math.round(box.right + 4)}px`;
    popup.style.top = `${Math.round(box.top)}px`;
    popup.hidden = false;
  });
  grid.addEventListener('mouseleave', hide);
  grid.addEventListener('scroll', hide, { capture: true });
}
