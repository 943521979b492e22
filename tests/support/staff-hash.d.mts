export declare const TEST_HASH_COST: number;
export declare function testStaffHash(password: string): string;
