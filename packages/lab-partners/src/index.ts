/** Lab and phlebotomy partner adapters (issue 13). */
export {};
