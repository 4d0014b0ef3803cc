/**
 * The storefront's data attributes, found with a real HTML parser (parse5, the WHATWG algorithm
 * browsers use): every element carrying `data-countries`, `data-pc`, `data-manipulate` or a country
 * switcher flag, with how to name it in a finding (tag, id or a short CSS path, the product it
 * belongs to when the page says, its line), and the attributes an unquoted JSON value spilled into.
 */
import { parse } from 'parse5';

/** The attributes the platform's storefront script reads. */
export const STOREFRONT_ATTRIBUTES = ['data-countries', 'data-pc', 'data-manipulate', 'data-ge-shippingswitcher-flag', 'data-ge-mobile-shippingswitcher-flag'] as const;

/** Attributes that name the product an element shows (on it or an ancestor). */
const PRODUCT_ATTRIBUTES = ['data-product-id', 'data-sku', 'data-product-sku', 'data-product-code', 'data-product', 'data-item-id'];

/** One element with storefront attributes. */
export interface StorefrontElement {
  /** `div#product-17` or `main > ul > li:nth-child(3) > div`. */
  name: string;
  /** The product it belongs to, when the page says (`data-sku="TSHIRT-RED-M"`). */
  product?: string;
  line?: number;
  /** Its attributes by name, as the parser decoded them (entities resolved). */
  attributes: Map<string, string>;
  /**
   * Attribute names that are pieces of a JSON value: what a parser makes of
   * `data-countries="{"IT":...}"`, whose first inner quote ends the attribute.
   */
  spilled: string[];
}

/** Every cookie a page sets, and the values in the DOM that look like a cart token. */
export interface PageTokens {
  /** Hidden inputs and data attributes whose name mentions the cart token parameter. */
  domValues: { where: string; value: string }[];
}

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  parentNode?: Node;
  sourceCodeLocation?: { startLine?: number } | null;
}

function attr(node: Node, name: string): string | undefined {
  return node.attrs?.find((a) => a.name === name)?.value;
}

/** A short CSS path: the element's id if it has one, else up to three steps to an ancestor with one. */
function cssName(node: Node): string {
  const steps: string[] = [];
  for (let n: Node | undefined = node; n && n.tagName && steps.length < 4; n = n.parentNode) {
    const id = attr(n, 'id');
    if (id) {
      steps.unshift(`${n.tagName}#${id}`);
      break;
    }
    const siblings = (n.parentNode?.childNodes ?? []).filter((c) => c.tagName === n!.tagName);
    steps.unshift(siblings.length > 1 ? `${n.tagName}:nth-of-type(${siblings.indexOf(n) + 1})` : n.tagName);
  }
  return steps.join(' > ');
}

function productOf(node: Node): string | undefined {
  for (let n: Node | undefined = node; n && n.tagName; n = n.parentNode) {
    for (const name of PRODUCT_ATTRIBUTES) {
      const value = attr(n, name);
      if (value) return `${name}="${value}"`;
    }
  }
  return undefined;
}

/** An attribute name no author writes but a JSON value cut by its own quotes produces. */
function isSpill(name: string): boolean {
  return /["{}:\[\],]/.test(name);
}

/** The page's elements with storefront attributes, in document order, and its token-like DOM values. */
export function storefrontElements(html: string, tokenParam: string): { elements: StorefrontElement[]; tokens: PageTokens } {
  const doc = parse(html, { sourceCodeLocationInfo: true }) as unknown as Node;
  const elements: StorefrontElement[] = [];
  const tokens: PageTokens = { domValues: [] };
  const tokenName = tokenParam.toLowerCase();
  const visit = (node: Node) => {
    if (node.tagName && node.attrs?.length) {
      const names = node.attrs.map((a) => a.name);
      if (STOREFRONT_ATTRIBUTES.some((a) => names.includes(a))) {
        elements.push({
          name: cssName(node),
          product: productOf(node),
          line: node.sourceCodeLocation?.startLine ?? undefined,
          attributes: new Map(node.attrs.map((a) => [a.name, a.value])),
          spilled: names.filter(isSpill),
        });
      }
      for (const a of node.attrs) {
        const named = a.name.toLowerCase().includes(tokenName) || (a.name === 'name' && a.value.toLowerCase().includes(tokenName));
        const value = a.name === 'name' ? attr(node, 'value') : a.value;
        if (named && value) tokens.domValues.push({ where: `${cssName(node)} [${a.name === 'name' ? `name="${a.value}"` : a.name}]`, value });
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    // <template> content lives apart from childNodes.
    const content = (node as { content?: Node }).content;
    if (content) visit(content);
  };
  visit(doc);
  return { elements, tokens };
}
