import { DomUtils, parseDocument } from 'htmlparser2';

type XmlElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/**
 * An XML answer read the way an XML reader does (htmlparser2 in xmlMode: entities decoded,
 * names case-sensitive), with small readers of it.
 */
export function parseXml(body: string) {
  const doc = parseDocument(body, { xmlMode: true });
  const root = DomUtils.findOne(() => true, doc.children, false) ?? undefined;
  return {
    root,
    /** Every element of this name, anywhere below `within` (the whole document by default). */
    all: (name: string, within: XmlElement | undefined = root) => (within ? DomUtils.getElementsByTagName(name, within, true) : []),
    /** The first child element of this name. */
    child: (el: XmlElement, name: string) => DomUtils.getElementsByTagName(name, el.children, false)[0],
    text: (el: XmlElement | undefined) => (el ? DomUtils.textContent(el) : undefined),
  };
}
export type { XmlElement };
