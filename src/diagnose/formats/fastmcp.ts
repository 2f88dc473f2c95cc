// FastMCP (TypeScript): "Tool 'x' parameter validation failed: <path>: <msg>, <path>: <msg>. Please check …"; Python FastMCP's answers are pydantic's text.
import type { FormatReader } from '../culprit.js';
import { readTexts } from '../culprit.js';
import { pathMessageList } from './ts-sdk.js';

/** The list between "parameter validation failed: " and FastMCP's closing advice (or the end). */
const WRAPPER = /Tool '[^'\n]+' parameter validation failed: ([\s\S]*?)(?:\. Please check the parameter types and values according to the tool's schema\.|$)/;

export const fastmcpReader: FormatReader = {
  format: 'fastmcp',
  read(answer, call) {
    return readTexts(answer.texts, (text) => {
      const m = WRAPPER.exec(text);
      return m ? pathMessageList(m[1].trim(), call, 'fastmcp') : undefined;
    });
  },
};
