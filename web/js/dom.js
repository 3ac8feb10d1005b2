// A small helper for building DOM: h('button.primary', {onclick}, 'Text', child...).

export function h(tagAndClasses, attributes = {}, ...children) {
  const [tag, ...classes] = tagAndClasses.split('.');
  const element = document.createElement(tag || 'div');
  if (classes.length) element.className = classes.join(' ');
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (value === true) element.setAttribute(key, '');
    else element.setAttribute(key, value);
  }
  element.append(...children.flat(Infinity).filter(child => child !== null && child !== undefined && child !== false));
  return element;
}

export const capitalize = word => word.charAt(0).toUpperCase() + word.slice(1);
export const otherColor = color => (color === 'white' ? 'black' : 'white');
// Scrolls `container` alone so that `element`, inside it, shows: unlike scrollIntoView, the page
// (and the board on a phone) stays where the player has it.
export function scrollWithin(container, element) {
  if (!element) return;
  const box = container.getBoundingClientRect(), item = element.getBoundingClientRect();
  if (item.top < box.top) container.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) container.scrollTop += Math.min(item.bottom - box.bottom, item.top - box.top);
}
