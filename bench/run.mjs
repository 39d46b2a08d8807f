// Benchmarks land with the benchmark issue (autocannon, Socket.IO clients, ratios against a baseline).
console.log('no benchmarks yet');
