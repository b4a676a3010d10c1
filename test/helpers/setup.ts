// Unit tests never reach AWS: a fixed region and dummy credentials keep the SDK from
// looking for real ones, and the mocks answer every call.
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
