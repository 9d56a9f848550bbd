//===- Scheduling.cpp - The language server's threads ---------------------===//

#include "tools/lsp/Scheduling.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LSP/Logging.h"

using namespace memlint;

//===----------------------------------------------------------------------===//
// MessageQueue
//===----------------------------------------------------------------------===//

MessageQueue::MessageQueue(std::FILE *input, llvm::lsp::JSONStreamStyle style,
                           bool synchronous)
    : state(std::make_shared<State>()), input(input), style(style),
      synchronous(synchronous) {}

MessageQueue::~MessageQueue() = default;

/// Why a message the transport cannot dispatch is dropped; empty when it
/// can be.
static std::string checkMessage(llvm::StringRef json, llvm::json::Value &out) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(json);
  if (!value)
    return "not JSON: " + llvm::toString(value.takeError());
  const llvm::json::Object *object = value->getAsObject();
  if (!object)
    return "not a JSON object";
  if (object->getString("jsonrpc") != std::optional<llvm::StringRef>("2.0"))
    return "not a JSON-RPC 2.0 message (\"jsonrpc\": \"2.0\" is missing)";
  out = std::move(*value);
  return "";
}

void MessageQueue::start() {
  std::thread reader([state = state, input = input, style = style] {
    llvm::lsp::JSONTransportInputOverFile in(input, style);
    std::string json;
    while (!in.isEndOfInput() && !in.hasError()) {
      if (llvm::failed(in.readMessage(json))) {
        // A header without a usable Content-Length, or the end.
        if (!in.isEndOfInput() && !in.hasError())
          llvm::lsp::Logger::error("dropped a message without a valid "
                                   "Content-Length header");
        continue;
      }
      if (llvm::StringRef(json).trim().empty())
        continue;
      llvm::json::Value value = nullptr;
      std::string why = checkMessage(json, value);
      if (!why.empty()) {
        llvm::lsp::Logger::error("dropped a message that is {0}", why);
        continue;
      }
      std::lock_guard<std::mutex> lock(state->mutex);
      state->client.push_back(std::move(json));
      state->changed.notify_all();
    }
    std::lock_guard<std::mutex> lock(state->mutex);
    state->inputDone = true;
    state->changed.notify_all();
  });
  // The reader blocks on the input; it ends with the process.
  reader.detach();
}

void MessageQueue::post(llvm::json::Value message) {
  std::string json = llvm::formatv("{0}", message).str();
  std::lock_guard<std::mutex> lock(state->mutex);
  state->server.push_back(std::move(json));
  state->changed.notify_all();
}

void MessageQueue::beginJob() {
  std::lock_guard<std::mutex> lock(state->mutex);
  ++state->jobs;
}

void MessageQueue::endJob() {
  std::lock_guard<std::mutex> lock(state->mutex);
  --state->jobs;
  state->changed.notify_all();
}

bool MessageQueue::isEndOfInput() const {
  std::lock_guard<std::mutex> lock(state->mutex);
  return state->inputDone && state->client.empty() && state->server.empty() &&
         (!synchronous || state->jobs == 0);
}

llvm::LogicalResult MessageQueue::next(std::string &json) {
  std::unique_lock<std::mutex> lock(state->mutex);
  for (;;) {
    if (!state->server.empty()) {
      json = std::move(state->server.front());
      state->server.pop_front();
      return llvm::success();
    }
    bool idle = !synchronous || state->jobs == 0;
    if (idle && !state->client.empty()) {
      json = std::move(state->client.front());
      state->client.pop_front();
      return llvm::success();
    }
    if (idle && state->inputDone)
      return llvm::failure();
    state->changed.wait(lock);
  }
}

//===----------------------------------------------------------------------===//
// Worker
//===----------------------------------------------------------------------===//

Worker::Worker(MessageQueue &queue) : queue(queue) {
  thread = std::thread([this] { loop(); });
}

Worker::~Worker() { stop(); }

void Worker::schedule(const std::string &key, std::function<void()> job,
                      std::chrono::milliseconds delay) {
  std::lock_guard<std::mutex> lock(mutex);
  if (stopping)
    return;
  auto [it, inserted] = pending.try_emplace(key);
  if (inserted)
    queue.beginJob();
  it->second = {Clock::now() + delay, std::move(job)};
  changed.notify_all();
}

void Worker::cancel(const std::string &key) {
  std::lock_guard<std::mutex> lock(mutex);
  if (pending.erase(key))
    queue.endJob();
}

void Worker::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
    for (size_t i = 0; i < pending.size(); ++i)
      queue.endJob();
    pending.clear();
    changed.notify_all();
  }
  if (thread.joinable())
    thread.join();
}

void Worker::loop() {
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    if (stopping)
      return;
    if (pending.empty()) {
      changed.wait(lock);
      continue;
    }
    auto first = std::min_element(
        pending.begin(), pending.end(),
        [](const auto &a, const auto &b) { return a.second.due < b.second.due; });
    if (first->second.due > Clock::now()) {
      // A copy: wait_until reads it after waking, when the job may have
      // been replaced or cancelled (ASan: a use after free).
      Clock::time_point due = first->second.due;
      changed.wait_until(lock, due);
      continue;
    }
    std::function<void()> job = std::move(first->second.job);
    pending.erase(first);
    lock.unlock();
    job();
    queue.endJob();
    lock.lock();
  }
}
