// saxen (github.com/nikku/saxen) ships no types: the part of its API worker/imports/xlsx.ts uses.
declare module 'saxen' {
  type Decode = (s: string) => string;
  export class Parser {
    on(event: 'openTag', fn: (name: string, attrs: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'closeTag', fn: (name: string) => void): this;
    on(event: 'text', fn: (text: string, decode: Decode) => void): this;
    on(event: 'cdata', fn: (text: string) => void): this;
    on(event: 'error' | 'warn', fn: (err: Error) => void): this;
    parse(xml: string): this;
  }
}
