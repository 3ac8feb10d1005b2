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
