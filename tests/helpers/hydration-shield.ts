/** What a server-rendered page's HTML must hold around #root (decision 033, step 5). */
import { DomUtils, type parseDocument } from 'htmlparser2';
import { HYDRATION_SHIELD_ID } from '../../src/shared/constants';

type Nodes = ReturnType<typeof parseDocument>['children'];
type Found = ReturnType<typeof DomUtils.findOne>;

/**
 * Whether the empty layer that takes taps until the page is hydrated (main.tsx removes it) comes right after #root,
 * hidden from assistive technology.
 */
export function isShielded(nodes: Nodes, root: Found): boolean {
  const shield = DomUtils.findOne((el) => el.attribs.id === HYDRATION_SHIELD_ID, nodes);
  return (
    shield !== null &&
    root !== null &&
    DomUtils.prevElementSibling(shield) === root &&
    shield.children.length === 0 &&
    shield.attribs['aria-hidden'] === 'true'
  );
}
